'use client';

import ProspectusScreen from './prospectus-screen';

/** One screen per /work child (spec 01 §2): the brochure editor opened on that template. */
export const Prospectus = () => <ProspectusScreen template="prospectus" />;
export const NewProspectu = () => <ProspectusScreen template="newProspectu" />;
export const NewProspectu3 = () => <ProspectusScreen template="newProspectu3" />;
export const BeBornInto = () => <ProspectusScreen template="BeBornInto" />;
export const BeBornIntoCopy = () => <ProspectusScreen template="BeBornIntoCopy" />;
export const WorkCNv35 = () => <ProspectusScreen template="workCNv3.5" />;
