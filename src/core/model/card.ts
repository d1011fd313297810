import { z } from 'zod';

/** How a card's room terms get their level (roomTerms.ts). */
export const ROOM_TERMS_METHODS = [
  'coarse-radiosity/1',
  'coarse-radiosity/2',
  'coarse-radiosity/3',
  'coarse-radiosity/4',
  'coarse-radiosity/5',
  'coarse-radiosity/6',
  'coarse-radiosity/7',
  'coarse-radiosity/8',
  'coarse-radiosity/9',
] as const;
export type RoomTermsMethod = (typeof ROOM_TERMS_METHODS)[number];

/** How a card's sky term is read beside the window's wall (skyGain.ts, cellSky.ts). */
export const SKY_TERM_METHODS = ['exact-near-wall', 'exact-at-cells'] as const;
export type SkyTermMethod = (typeof SKY_TERM_METHODS)[number];

/**
 * The model card (model.md §Contract): everything the app and the server need to know about a model.
 * Nothing about a model is hard-coded elsewhere: names, shapes and the preprocessing come from here.
 *
 * Preprocessing ids:
 * - `lux-frame-3`: the project's own inputs (src/core/model/features.ts): `inputs` [n, 6, 128, 128] and
 *   `scalars` [n, 147]; output DF (%) [n, 1, 128, 128] in the window's v2 frame.
 * - `lux-frame-4`: lux-frame-3's with a seventh channel, the exact sky term, and the window flux's sky
 *   parts in closed form and its exterior parts traced accurately (frame4.ts): `inputs` [n, 7, 128, 128].
 * - `lux-frame-5`: lux-frame-4's with the sky's flux seeing the building's own body (skyFlux.ts: a window
 *   on a notch's wall looks at its own other wing, which the angles never hold); same shapes.
 * - `lux-frame-6`: lux-frame-5's with a window taller than a metre, when the request has a mesh, seeing the
 *   sky band by band of its height (glassBands.ts), in the exact sky channel and the sky's flux; same shapes.
 * - `lux-frame-7`: lux-frame-6's with every window of a request with a mesh seeing the sky beside its
 *   ±72.5° fan as the mesh has it (glassBands.ts outerAngles) instead of the convention's open sky; same shapes.
 * - `lux-frame-8`: lux-frame-7's with the exact sky computed at every cell within 0.5 m of the window's wall,
 *   where filling from the 0.2 m lattice misread its steep rise (frame4.ts NEAR_WALL_CELLS); same shapes.
 * - `lux-frame-9`: lux-frame-8's with each fan sector's edge placed by a second fan 0.3 m out along the
 *   window's normal, so that a room point sees a near edge (a balcony over the window) where it stands, not
 *   at the viewpoint's angle (glassBands.ts sectorEdges), in the exact sky channel; same shapes.
 * - `lux-frame-10`: lux-frame-9's with each window's outer opening clipped to its wall's outer face, so that
 *   glass reaching into a concave corner sees out only past the other wall's thickness, as the engine has it
 *   (skyTerm.ts `clipOuter`); same shapes.
 * - `lux-frame-11`: lux-frame-10's with the mesh within 20 m of each window's opening cut by each of the
 *   exact sky channel's integration columns as the engine's rays meet it (nearField.ts), the fans that set
 *   the channel's bands taken from the rest of the mesh; the sky's flux scalars keep lux-frame-10's; same shapes.
 * - `lux-frame-12`: lux-frame-11's with the exterior flux scalars (`surfaceDown`, `up`) traced at the
 *   engine's second-order floor (0.25 m, not 1 m: windowFlux.ts FLUX_ACCURATE_FINE); same shapes.
 * - `lux-frame-2`: the same with `scalars` [n, 143] (no window flux), the inputs of lux-df-2.
 * - `v2-rgb-384`: the original service's format: v2 image channels 0–2 / 255, bilinearly resized to
 *   384 × 384, NCHW float32; output DF (%) 384 × 384.
 */
export const PREPROCESSING = [
  'lux-frame-12',
  'lux-frame-11',
  'lux-frame-10',
  'lux-frame-9',
  'lux-frame-8',
  'lux-frame-7',
  'lux-frame-6',
  'lux-frame-5',
  'lux-frame-4',
  'lux-frame-3',
  'lux-frame-2',
  'v2-rgb-384',
] as const;
export type Preprocessing = (typeof PREPROCESSING)[number];

/** The preprocessings whose exact sky channel is filled between its 0.2 m lattice, beside the wall too. */
const FILLED_SKY: readonly Preprocessing[] = ['lux-frame-4', 'lux-frame-5', 'lux-frame-6', 'lux-frame-7'];
/** The preprocessings without an exact sky channel (every other has one: features.ts EXACT_SKY_FRAMES). */
const NO_EXACT_SKY: readonly Preprocessing[] = ['lux-frame-2', 'lux-frame-3', 'v2-rgb-384'];

const tensorSpec = z.object({
  name: z.string().min(1),
  shape: z.array(z.union([z.number().int(), z.string()])),
  dtype: z.literal('float32'),
});

export const modelCardSchema = z.looseObject({
  name: z.string().min(1),
  version: z.string().min(1),
  license: z.string().optional(),
  task: z.enum(['df', 'da']).default('df'),
  preprocessing: z.enum(PREPROCESSING),
  inputs: z.array(tensorSpec).min(1),
  outputs: z.array(tensorSpec).min(1),
  /** The ONNX file beside the card. */
  file: z.string().min(1),
  size_bytes: z.number().int().positive().optional(),
  training: z.record(z.string(), z.unknown()).optional(),
  metrics: z.record(z.string(), z.unknown()).optional(),
  /**
   * How the room terms' level is set (roomTerms.ts): 'coarse-radiosity/N' scales the network's per-term
   * maps (output 'terms', TERMS order) to a coarse radiosity solve's means. Absent: the output 'df' as it is.
   */
  roomTerms: z.enum(ROOM_TERMS_METHODS).optional(),
  /**
   * How the sky term is read beside the window's wall: 'exact-near-wall' (skyGain.ts) makes the network's
   * sky term (output 'terms') its gain times the exact sky at every frame cell within 0.5 m of the wall,
   * where lux-frame-4…7's channel is filled from a 0.2 m lattice; 'exact-at-cells' (cellSky.ts) does so at
   * `/run`'s own grid cells there, where reading the frame between its pixels misses the term's steep rise
   * (any exact-sky preprocessing). Absent: the network's sky term as it is.
   */
  skyTerm: z.enum(SKY_TERM_METHODS).optional(),
  /**
   * The sky term's level checked against the room-terms solve's own sky (roomTerms.ts): where the network's
   * sky term's mean over the solve's lattice and the solve's differ by more than a factor 1 + skyGuard, the
   * solve's sets it. The closed-form sky channel reads the surroundings through fans of angles taken from
   * the window, and in a few windows (one facing down a slot of its own building) it is off by a third or
   * more where the solve, which traces them from each point, is within a few per cent. 0: the solve's level
   * always. Needs roomTerms.
   */
  skyGuard: z.number().nonnegative().optional(),
  /**
   * How the room beyond a window's frame is read (beyondFrame.ts): 'coarse-solve' lights a 0.4 m lattice
   * of the room's grid there in the room-terms solve, and a point the frame does not hold (the room deeper
   * or wider than 12.8 m, a wing behind the window's wall, a piece the frame cuts away) takes that light.
   * Absent: the frame's edge pixel, or its dim end behind the wall and on a cut piece (placement.ts). Needs
   * roomTerms.
   */
  beyondFrame: z.enum(['coarse-solve']).optional(),
  /**
   * How a room term the network drops is read (roomTerms.ts droppedTerms): 'from-room-terms' gives a room
   * term whose map the network leaves at nothing (or at under a quarter of the solve's level) where the
   * room-terms solve sees it the shape of the window's other room terms, at the solve's level. Absent: the
   * network's map, scaled within bounds. Needs roomTerms.
   */
  termShape: z.enum(['from-room-terms']).optional(),
  /**
   * The most a room term's map is scaled up to the room-terms solve's level (roomTerms.ts termScales;
   * default 4). Where the network reads a room's interreflected light at a fraction of what the solve
   * finds (very bright surfaces, beyond what it learned), a bound of 4 keeps the term short of it.
   * Needs roomTerms.
   */
  roomTermScaleMax: z.number().min(1).optional(),
  /**
   * How the light from exterior surfaces is read (roomTerms.ts termScales): 'solve-level' scales the
   * network's exterior term to the room-terms solve's, which traces that light from each lattice point
   * into the room's surroundings (the solve then lights its lattice through the glass too, as skyGuard has
   * it), bounded as the room terms are. Absent: the network's term against the traced flux. Needs roomTerms.
   */
  exteriorTerm: z.enum(['solve-level']).optional(),
  /**
   * The exterior term's level checked against the room-terms solve's, as skyGuard checks the sky's: where
   * the network's light from exterior surfaces over the solve's lattice and the solve's (traced from each
   * point into the room's surroundings) differ by more than a factor 1 + exteriorGuard, the solve's sets it,
   * bounded as the room terms are. The network knows how much of that light reaches the window, not from
   * how steeply: a wall of the room's own building a metre across a notch sends it in level, and the
   * network read the work plane's share three to four times too high there (docs/model.md). Needs
   * roomTerms; exteriorTerm 'solve-level' takes the solve's level everywhere instead.
   */
  exteriorGuard: z.number().positive().optional(),
  /**
   * A room darker than `belowDf` (DF %, the sum over its windows of each window's mean over its frame) has
   * its room-terms solve run a second time on other random streams and takes the mean of the two levels:
   * there the solve's own noise is as wide as a verdict's 5 % (docs/model.md, "a second solve in dark
   * rooms"). Needs roomTerms.
   */
  secondSolve: z.object({ belowDf: z.number().positive() }).strict().optional(),
  /**
   * The sky term's level checked against the exact sky channel the network was given (skyGain.ts
   * exactSkyLevel): where the network's sky term over the window's frame and the channel's differ by more
   * than a factor 1 + exactSkyGuard, the term is scaled to the channel's level, its shape kept. The channel
   * is the engine's sky term in closed form, without noise, and the learned gain averages 1 over a frame
   * to within 0.5 % but for a few windows in a thousand it misreads by a fifth (docs/model.md). Needs the
   * per-term output and an exact-sky preprocessing.
   */
  exactSkyGuard: z.number().positive().optional(),
  /**
   * The room-terms solve's lattice leaves out a window's own wall column, as it leaves out points on the
   * room's other walls, where the window's head meets the work plane closely (roomTerms.ts ownWallSingular):
   * 'off-under-lintel', where the head is less than the wall's depth above the work plane or under it;
   * 'off-near-head', where it is less than 0.2 m above it or under it. Absent: kept everywhere. Needs roomTerms.
   */
  latticeOwnWall: z.enum(['off-under-lintel', 'off-near-head']).optional(),
  /**
   * A room term the room-terms solve finds faint (its mean over the lattice at most 10⁻³ % DF) where the
   * network's is above that: 'follow' scales the network's toward the solve's, as far as the lower bound
   * (a quarter), where otherwise the pair is too faint to compare and the network's stands. The mirror of
   * the terms the network drops where the solve sees them (termShape): a window that admits almost no sky
   * has almost no light interreflected from it, and the network read it at 3× the engine's and more in the
   * darkest rooms (docs/model.md, "Faint solve"). 'follow-dark-exterior' as well lets the light from exterior
   * surfaces take the solve's level (bounded) in a window the network's sky term says admits no sky (its
   * mean over the lattice at most 10⁻³ % DF): there that light is the whole of the window's, in rooms
   * training hardly drew. Needs roomTerms.
   */
  faintSolve: z.enum(['follow', 'follow-dark-exterior']).optional(),
});

export type ModelCard = z.infer<typeof modelCardSchema>;

/**
 * The options that read the room-terms solve, and what each reads of it: a card naming one needs roomTerms.
 * (The tests' card without the solve drops these and roomTerms: test/helpers/withoutSolve.ts.)
 */
export const ON_SOLVE = {
  skyGuard: 'the solve whose sky it reads',
  beyondFrame: 'the solve that lights the lattice',
  roomTermScaleMax: 'the solve whose level it bounds',
  exteriorTerm: 'the solve whose level it takes',
  exteriorGuard: 'the solve whose level it reads',
  secondSolve: 'the solve it runs again',
  termShape: 'the solve whose level it takes',
  latticeOwnWall: 'the solve whose lattice it sets',
  faintSolve: 'the solve whose level it follows',
} as const satisfies Partial<Record<keyof ModelCard, string>>;

/** Reads a card; a readable error names what is wrong (a user may load their own). */
export function parseModelCard(json: unknown): ModelCard {
  const r = modelCardSchema.safeParse(json);
  if (!r.success) {
    const first = r.error.issues[0]!;
    throw new Error(`Invalid model card: '${first.path.join('.') || '(root)'}' ${first.message}`);
  }
  const card = r.data;
  const want = card.preprocessing === 'v2-rgb-384' ? 1 : 2;
  if (card.inputs.length !== want)
    throw new Error(
      `Invalid model card: preprocessing '${card.preprocessing}' takes ${want} input(s), the card lists ${card.inputs.length}`,
    );
  const hasTerms = card.outputs.some((o) => o.name === 'terms');
  const exactSky = !NO_EXACT_SKY.includes(card.preprocessing);
  if (card.roomTerms && !hasTerms)
    throw new Error(`Invalid model card: roomTerms '${card.roomTerms}' needs the per-term output 'terms'`);
  for (const [option, why] of Object.entries(ON_SOLVE))
    if (card[option as keyof typeof ON_SOLVE] !== undefined && !card.roomTerms)
      throw new Error(`Invalid model card: ${option} needs roomTerms (${why})`);
  if (card.exactSkyGuard !== undefined) {
    if (!hasTerms) throw new Error(`Invalid model card: exactSkyGuard needs the per-term output 'terms'`);
    if (!exactSky)
      throw new Error(
        `Invalid model card: exactSkyGuard needs an exact sky channel, not '${card.preprocessing}'`,
      );
  }
  if (card.skyTerm) {
    if (!hasTerms)
      throw new Error(`Invalid model card: skyTerm '${card.skyTerm}' needs the per-term output 'terms'`);
    if (card.skyTerm === 'exact-at-cells' && !exactSky)
      throw new Error(
        `Invalid model card: skyTerm 'exact-at-cells' needs an exact sky channel, not '${card.preprocessing}'`,
      );
    if (card.skyTerm === 'exact-near-wall' && !FILLED_SKY.includes(card.preprocessing))
      throw new Error(
        `Invalid model card: skyTerm '${card.skyTerm}' reads a sky channel filled from its lattice (${FILLED_SKY.join(', ')}), not '${card.preprocessing}'`,
      );
  }
  return card;
}
