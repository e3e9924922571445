import { Loading } from '../components/Loading';

// Placeholder: the screen lands with its feature.
export default function ChapterListPage() {
  return <Loading />;
}
