import { Footer } from '../components/Footer';
import { Loading } from '../components/Loading';

// Placeholder: the screen lands with its feature.
export function BookListPage() {
  return (
    <>
      <Loading />
      <Footer />
    </>
  );
}
