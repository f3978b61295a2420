import Image from 'next/image';
import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './user-layout.module.css';

interface UserLayoutProps {
  title: string;
  supportText: string;
  children: ReactNode;
}

/** The sign-in pages' frame (spec 01 §2): logo, system title, the form, and the technical-support footer. */
export function UserLayout({ title, supportText, children }: UserLayoutProps) {
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <div className={styles.top}>
          <Link href="/user/login" className={styles.brand}>
            <Image src="/logo.svg" width={44} height={44} alt="" priority />
            <h1 className={styles.title} data-testid="system-title">
              {title}
            </h1>
          </Link>
        </div>
        <div className={styles.content}>{children}</div>
      </main>
      <footer className={styles.footer}>
        <div>{supportText}</div>
        <div>Copyright © {new Date().getFullYear()} {title}</div>
      </footer>
    </div>
  );
}
