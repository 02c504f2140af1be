import { SHOPS } from '../links';
import type { Region } from '../editions';
import { Dealer, StoreGroup } from '../schema/support';
import { z } from 'zod';

/**
 * Authorized dealers per where-to-buy page (docs/spec/content.md §2 and §3), and the Hong Kong and
 * Macau store groups.
 *
 * NOTE: until ops have the signed dealer list, every entry here stands in for a real dealer:
 * `standIn: true`, a reserved example domain (RFC 2606) as its link, and addresses that are
 * not real shops. The schema refuses a stand-in with any other link. Ops replace an entry with
 * the real dealer (and `standIn: false`) in this file alone; the page and its tests follow.
 */
const LISTS = {
  us: [
    {
      title: 'Galaxy Hobby Outlet',
      link: 'https://galaxy-hobby.example.com',
      address: ['1250 Orbit Avenue, Suite 4, Austin, TX 78701', '77 Launch Street, Columbus, OH 43215'],
      img: 'galaxy-hobby',
      standIn: true,
    },
    { title: 'Robot Depot Online', link: 'https://robot-depot.example.com', img: 'robot-depot', standIn: true },
    {
      title: 'Bolt & Gear Toys',
      link: 'https://bolt-and-gear.example.com',
      address: '410 Servo Road, Portland, OR 97205',
      img: 'bolt-and-gear',
      standIn: true,
    },
  ],
  uk: [
    { title: 'Hobby Harbour', link: 'https://hobby-harbour.example.com', address: '12 Gearwheel Lane, London EC1A 1AA', img: 'hobby-harbour', standIn: true },
    { title: 'Toy Vault UK', link: 'https://toy-vault.example.com', img: 'toy-vault', standIn: true },
  ],
  eu: [
    { title: 'Toy Galaxy Europe', link: 'https://toy-galaxy.example.com', img: 'toy-galaxy', standIn: true },
    {
      title: 'Robo Corner',
      link: 'https://robo-corner.example.com',
      address: 'Circuitstraat 8, 1011 AB Amsterdam, Nederland',
      img: 'robo-corner',
      standIn: true,
    },
  ],
  fr: [
    {
      title: 'Planète Robots',
      link: 'https://planete-robots.example.com',
      address: ['21 rue des Engrenages, 69002 Lyon', '5 quai des Servomoteurs, 13002 Marseille'],
      img: 'planete-robots',
      standIn: true,
    },
    {
      title: 'Jouets du Futur',
      link: 'https://jouets-du-futur.example.com',
      address: '40 boulevard des Automates, 75011 Paris',
      img: 'jouets-du-futur',
      standIn: true,
    },
  ],
  de: [
    {
      title: 'Spielwelt Robotik',
      link: 'https://spielwelt-robotik.example.com',
      address: ['Zahnradstraße 14, 10115 Berlin', 'Servogasse 3, 80331 München'],
      img: 'spielwelt-robotik',
      standIn: true,
    },
    { title: 'Technik & Spiel Versand', link: 'https://technik-und-spiel.example.com', img: 'technik-und-spiel', standIn: true },
  ],
  hk: [
    { title: 'Victoria Toys & Models', link: 'https://victoria-toys.example.com', address: '香港中环齿轮街 18 号 2 楼', img: 'victoria-toys', standIn: true },
  ],
};

/** The dealer lists, by list name (a region, or `hk` for Hong Kong and Macau), checked when loaded. */
export const DEALERS: Readonly<Record<keyof typeof LISTS, readonly Dealer[]>> = z
  .record(z.enum(['us', 'uk', 'eu', 'fr', 'de', 'hk']), Dealer.array().min(1))
  .parse(LISTS) as never;

/** Hong Kong and Macau stores by district (docs/spec/content.md §3, "Hong Kong store group"). */
export const STORE_GROUPS: readonly StoreGroup[] = StoreGroup.array().parse([
  { key: 'hongKongIsland', addresses: ['香港铜锣湾机械人道 28 号地铺', '香港中环齿轮街 18 号 2 楼'], standIn: true },
  { key: 'kowloon', addresses: ['九龙尖沙咀伺服道 9 号 3 楼', '九龙旺角芯片街 66 号地铺'], standIn: true },
  { key: 'newTerritories', addresses: ['新界沙田变形金刚路 1 号商场 2 楼'], standIn: true },
  { key: 'macau', addresses: ['澳门新马路电路巷 12 号地铺'], standIn: true },
]);

/** The official store a where-to-buy page ends with: the edition's own (the China store for Hong Kong and Macau). */
export function officialStore(region: Region): string {
  return SHOPS[region];
}
