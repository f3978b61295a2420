'use client';

/** Placeholder until H2 lands the screen. */
export default function Screen() {
  return <div />;
}
