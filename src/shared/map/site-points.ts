import { spaceIndex } from '../../site/data.ts';
import { toPointJson, type PointJson } from './points.ts';

let byOrganization: Promise<Map<string, PointJson[]>> | undefined;

/** The map points of each organization's listed spaces, built once per build (pages look theirs up). */
export async function organizationPoints(accountId: string): Promise<PointJson[]> {
  byOrganization ??= spaceIndex().then(({ listed }) => {
    const map = new Map<string, PointJson[]>();
    for (const s of listed) {
      const org = s.organization?.id;
      const p = org ? toPointJson(s) : null;
      if (!org || !p) continue;
      const list = map.get(org);
      if (list) list.push(p);
      else map.set(org, [p]);
    }
    return map;
  });
  return (await byOrganization).get(accountId) ?? [];
}
