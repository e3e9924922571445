import { Outlet } from 'react-router';
import { Header } from './Header';
import styles from './Layout.module.css';

/** Header bar on every page (spec section 2), then the screen. The reader has its own full-bleed layout. */
export function Layout() {
  return (
    <>
      <Header />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
    </>
  );
}
