import { redirect } from 'next/navigation';

/** The calendar home (spec 01 §2) is not built yet; until then home is the account center. */
export default function HomePage() {
  redirect('/account/center');
}
