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
          {/* Plain <a> and <img>: next/link and next/image would add their client code to the login page (issue #28). */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
          <a href="/user/login" className={styles.brand}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a 44 px SVG: nothing for next/image to optimise */}
            <img src="/logo.svg" width={44} height={44} alt="" fetchPriority="high" />
            <h1 className={styles.title} data-testid="system-title">
              {title}
            </h1>
          </a>
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
