/** Line icons of the reader. Direction icons carry `data-flip` so CSS turns them around right to left. */
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.25,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

/** Points toward the start of the line (left in English, right in Arabic). */
export const ChevronStart = () => (
  <svg {...common} data-flip="">
    <path d="M15 5l-7 7 7 7" />
  </svg>
);

export const ChevronEnd = () => (
  <svg {...common} data-flip="">
    <path d="M9 5l7 7-7 7" />
  </svg>
);

export const ArrowBack = () => (
  <svg {...common} data-flip="">
    <path d="M20 12H5M11 5l-7 7 7 7" />
  </svg>
);

export const Heart = ({ filled = false }: { filled?: boolean }) => (
  <svg {...common} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z" />
  </svg>
);

export const Expand = () => (
  <svg {...common}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </svg>
);

export const Shrink = () => (
  <svg {...common}>
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </svg>
);

export const Lock = () => (
  <svg {...common}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </svg>
);

export const Hourglass = () => (
  <svg {...common}>
    <path d="M6 3h12M6 21h12M7 3c0 5 10 6 10 9s-10 4-10 9M17 3c0 5-10 6-10 9s10 4 10 9" />
  </svg>
);

/** Sliders: the reading settings (mode, fit; the novel's text and theme). */
export const Sliders = () => (
  <svg {...common}>
    <path d="M4 7h9M19 7h1M4 17h3M13 17h7" />
    <circle cx="16" cy="7" r="2.5" />
    <circle cx="10" cy="17" r="2.5" />
  </svg>
);

export const Close = () => (
  <svg {...common}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
