import { siteConfig } from "#app/lib/site-config";

/** The founder at the piano, beside the brand's story (home and /about). Below the fold: lazy. */
export function FounderPortrait() {
  const { founder } = siteConfig;
  return (
    <img
      src={founder.image}
      alt={`Illustration of ${founder.name} at the piano`}
      width={800}
      height={1000}
      loading="lazy"
      decoding="async"
      className="mx-auto h-auto w-full max-w-sm rounded-3xl"
    />
  );
}
