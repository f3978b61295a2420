import { redirect } from 'next/navigation';

/** Home is the 行事历 (spec 01 §2: '/' → /calpanel/CalendarPanel). */
export default function HomePage() {
  redirect('/calpanel/CalendarPanel');
}
