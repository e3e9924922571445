import { LineIcon } from '../../components/LineIcon';

/** The comments' like: decorative (the button carries its name in text). */
export const Heart = ({ filled = false }: { filled?: boolean }) => (
  <LineIcon filled={filled}>
    <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.3 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
  </LineIcon>
);
