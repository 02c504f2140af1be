/**
 * The drawing kit of the product art (scripts/art/write.ts): a picture is a set of shapes lit
 * from the upper left. Every colour a shape names becomes a gradient from its lit to its
 * shaded side, edges get a darker line, parts a gloss, and the figure stands on a soft
 * ground shadow in front of a studio backdrop. Output is plain SVG 1.1 (gradients, one blur
 * filter), which every browser and librsvg (sharp, for the share images) draw alike.
 */

/** A colour `#rrggbb` moved towards white (amount > 0) or black (amount < 0), 0…1. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channel);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A number as SVG writes it: at most one decimal. */
const f = (n: number) => String(Math.round(n * 10) / 10);

/** Attributes from an object, skipping undefined. */
function attrs(a: Record<string, string | number | undefined>): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? f(v) : v}"`)
    .join('');
}

/** One picture: its size, the gradients its shapes asked for, and the shapes. */
export class Canvas {
  private defs = new Map<string, string>();
  private body: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** A fill lit from the upper left: `color` at its lit side to a shade of it at its far side. */
  lit(color: string, depth = 0.35): string {
    const id = `l${color.slice(1)}${Math.round(depth * 100)}`;
    if (!this.defs.has(id))
      this.defs.set(
        id,
        `<linearGradient id="${id}" x1="0" y1="0" x2=".7" y2="1"><stop offset="0" stop-color="${shade(color, 0.28)}"/><stop offset=".45" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -depth)}"/></linearGradient>`,
      );
    return `url(#${id})`;
  }

  /** A fill for round parts (tyres, domes, eyes): a highlight off-centre, shading to the rim. */
  round(color: string, glow = false): string {
    const id = `r${color.slice(1)}${glow ? 'g' : ''}`;
    if (!this.defs.has(id))
      this.defs.set(
        id,
        glow
          ? `<radialGradient id="${id}"><stop offset="0" stop-color="#fff"/><stop offset=".35" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
          : `<radialGradient id="${id}" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${shade(color, 0.45)}"/><stop offset=".5" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -0.5)}"/></radialGradient>`,
      );
    return `url(#${id})`;
  }

  /** A raw definition (a gradient of its own), once per id. */
  define(id: string, svg: string): string {
    if (!this.defs.has(id)) this.defs.set(id, svg);
    return `url(#${id})`;
  }

  add(...svg: string[]): this {
    this.body.push(...svg);
    return this;
  }

  /** The studio: a backdrop lit from above in `tone`, a floor that fades into it. */
  backdrop(tone: string, floorY = this.height * 0.86): this {
    const top = shade(tone, 0.55);
    const bg = this.define(
      'bg',
      `<radialGradient id="bg" cx=".5" cy=".25" r=".9"><stop offset="0" stop-color="${top}"/><stop offset=".6" stop-color="${tone}"/><stop offset="1" stop-color="${shade(tone, -0.25)}"/></radialGradient>`,
    );
    const floor = this.define(
      'fl',
      `<linearGradient id="fl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(tone, -0.12)}" stop-opacity="0"/><stop offset="1" stop-color="${shade(tone, -0.3)}"/></linearGradient>`,
    );
    return this.add(
      `<rect width="${this.width}" height="${this.height}" fill="${bg}"/>`,
      `<rect y="${f(floorY - 40)}" width="${this.width}" height="${f(this.height - floorY + 40)}" fill="${floor}"/>`,
    );
  }

  /** The soft shadow a figure casts on the floor. */
  ground(cx: number, cy: number, rx: number, ry = rx * 0.12): this {
    const fill = this.define(
      'gs',
      '<radialGradient id="gs"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset=".6" stop-color="#000" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    );
    return this.add(`<ellipse${attrs({ cx, cy, rx, ry })} fill="${fill}"/>`);
  }

  /** A lit plate: gradient body, a darker edge and a gloss along its top. */
  plate(x: number, y: number, w: number, h: number, color: string, r = 4, gloss = true): this {
    this.add(`<rect${attrs({ x, y, width: w, height: h, rx: r })} fill="${this.lit(color)}" stroke="${shade(color, -0.55)}" stroke-width="1.2"/>`);
    if (gloss && h > 10 && w > 10)
      this.add(`<rect${attrs({ x: x + 3, y: y + 2, width: w - 6, height: Math.min(h * 0.22, 10), rx: Math.max(r - 2, 1) })} fill="#fff" opacity=".22"/>`);
    return this;
  }

  /** A lit shape of any outline (an SVG path). */
  shape(d: string, color: string, depth = 0.35): this {
    return this.add(`<path d="${d}" fill="${this.lit(color, depth)}" stroke="${shade(color, -0.55)}" stroke-width="1.2" stroke-linejoin="round"/>`);
  }

  /** A flat path (stripes, glass edges, lines) in one colour. */
  flat(d: string, color: string, opacity?: number): this {
    return this.add(`<path d="${d}" fill="${color}"${opacity === undefined ? '' : ` opacity="${opacity}"`}/>`);
  }

  /** A line (panel seams, beams). */
  line(d: string, color: string, width = 1.5, opacity?: number): this {
    return this.add(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"${opacity === undefined ? '' : ` opacity="${opacity}"`}/>`,
    );
  }

  /** A round part: a ball, a dome, a joint. */
  ball(cx: number, cy: number, r: number, color: string): this {
    return this.add(`<circle${attrs({ cx, cy, r })} fill="${this.round(color)}" stroke="${shade(color, -0.6)}" stroke-width="1"/>`);
  }

  /** A light that glows: a bright core in a halo of its colour. */
  glow(cx: number, cy: number, r: number, color: string): this {
    return this.add(`<circle${attrs({ cx, cy, r: r * 2.6 })} fill="${this.round(color, true)}" opacity=".7"/>`, `<circle${attrs({ cx, cy, r })} fill="#fff"/>`);
  }

  /** Glass: dark, with a sky reflection across it. */
  glass(d: string, tint = '#1d2a3a'): this {
    const fill = this.define(
      `gl${tint.slice(1)}`,
      `<linearGradient id="gl${tint.slice(1)}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(tint, 0.5)}"/><stop offset=".4" stop-color="${tint}"/><stop offset=".55" stop-color="${shade(tint, 0.25)}"/><stop offset="1" stop-color="${shade(tint, -0.4)}"/></linearGradient>`,
    );
    return this.add(`<path d="${d}" fill="${fill}" stroke="${shade(tint, -0.6)}" stroke-width="1.2" stroke-linejoin="round"/>`);
  }

  /** A wheel: tyre, lit rim, hub. */
  wheel(cx: number, cy: number, r: number, rim = '#b9bec7'): this {
    this.ball(cx, cy, r, '#2a2b2f');
    this.add(`<circle${attrs({ cx, cy, r: r * 0.62 })} fill="${this.round(rim)}" stroke="#222" stroke-width="1.5"/>`);
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      this.line(`M${f(cx)} ${f(cy)}L${f(cx + Math.cos(a) * r * 0.55)} ${f(cy + Math.sin(a) * r * 0.55)}`, shade(rim, -0.45), r * 0.12);
    }
    return this.ball(cx, cy, r * 0.18, shade(rim, -0.2));
  }

  /** Wraps what `draw` adds in a group (a transform, an opacity). */
  group(attributes: Record<string, string | number | undefined>, draw: () => void): this {
    this.add(`<g${attrs(attributes)}>`);
    draw();
    return this.add('</g>');
  }

  /** Text (share images only; product art carries no words). */
  text(x: number, y: number, content: string, style: Record<string, string | number>): this {
    const escaped = content.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return this.add(`<text${attrs({ x, y, ...style })}>${escaped}</text>`);
  }

  /** The SVG document, framed by `viewBox` (a crop of the drawing: a close-up) or the whole canvas. */
  svg(viewBox = `0 0 ${this.width} ${this.height}`): string {
    const defs = this.defs.size ? `<defs>${[...this.defs.values()].join('')}</defs>` : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="${viewBox}">${defs}${this.body.join('')}</svg>\n`;
  }
}

/** A path from points: `poly([[x, y], …])`, closed. */
export function poly(points: [number, number][]): string {
  return `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`;
}
