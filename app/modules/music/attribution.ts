/**
 * The attribution a link carries for listening analytics. Apart from the rest of the tracking
 * contract because the player reads it on every page load, while the rest loads with the first play.
 */
export const attributionIdMax = 128;

/** The attribution carried by a link: ?rid= (an invitation) and ?campaign= (a bulk send). */
export function attributionFromQuery(search: string): { rid?: string; campaign?: string } {
  const params = new URLSearchParams(search);
  const pick = (name: string) => {
    const value = params.get(name)?.trim();
    return value && value.length <= attributionIdMax ? value : undefined;
  };
  const attribution: { rid?: string; campaign?: string } = {};
  const rid = pick("rid");
  const campaign = pick("campaign");
  if (rid) attribution.rid = rid;
  if (campaign) attribution.campaign = campaign;
  return attribution;
}

