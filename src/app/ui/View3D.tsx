import { WORK_PLANE_HEIGHT } from '../../core/engine/model';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  DoubleSide,
  type Group,
  type Mesh,
  NearestFilter,
  Path,
  Ray,
  Shape,
  ShapeGeometry,
  SRGBColorSpace,
  Vector2,
  Vector3,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { MeshBVH } from 'three-mesh-bvh';
import { useShown } from '../compute/answerStore';
import { ceilingAt } from '../../core/geometry/ceiling';
import { ceilingProfile, edgeFrame } from '../scene/geometry';
import { northArrow3d } from '../scene/northArrow3d';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { mapCanvas } from './useMapImage';
import { SHOW_BY_DEFAULT, useMeshDisplay } from './meshDisplay';
import { useSettings } from './settings';
import { VIEW3D_REGION } from './view3dRegion';

/**
 * The room in 3D (app.md §4): walls with their window openings, the DF map on the floor, and the imported
 * surroundings. Z is up as in the API; the camera orbits the room's centre.
 */
/** The camera's direction from the room's centre (south-west of it, looking down at ~30°), unit. */
const VIEW_FROM = new Vector3(-8, -12, 9).normalize();
/** Its distance for a room of up to ~12 m across (m); larger rooms are framed farther. */
const VIEW_DISTANCE = 17;

function Controls({ target, span }: { target: [number, number, number]; span: number }): null {
  const { camera, gl, invalidate, scene, set } = useThree();
  useEffect(() => {
    camera.up.set(0, 0, 1);
    // Framed: far enough that the whole room fits the 45° view, whatever its size (a 100 m² attic too).
    const distance = Math.max(VIEW_DISTANCE, 1.4 * span);
    camera.position.set(
      target[0] + VIEW_FROM.x * distance,
      target[1] + VIEW_FROM.y * distance,
      target[2] + VIEW_FROM.z * distance,
    );
    const c = new OrbitControls(camera, gl.domElement);
    c.target.set(...target);
    c.minDistance = 1;
    c.maxDistance = 3000;
    c.update();
    const ray = new Ray();
    const onChange = (): void => {
      // The camera stays in front of the surroundings: along the line from the room's centre it stops
      // 0.5 m short of the first block, so orbiting and the wheel never take it inside one.
      const mesh = scene.getObjectByName(SURROUNDINGS) as Mesh | undefined;
      const bvh = mesh && bvhOf(mesh.geometry);
      if (bvh) {
        const offset = camera.position.clone().sub(c.target);
        const d = offset.length();
        ray.set(c.target, offset.normalize());
        const hit = bvh.raycastFirst(ray, DoubleSide, 0, d);
        if (hit && hit.distance < d) camera.position.copy(ray.at(Math.max(0.5, hit.distance - 0.5), offset));
      }
      // For tests and the curious: how far the camera is from the room's centre.
      gl.domElement.dataset.cameraDistance = camera.position.distanceTo(c.target).toFixed(2);
      // The canvas renders on demand: a camera move must ask for a frame.
      invalidate();
    };
    c.addEventListener('change', onChange);
    set({ controls: c });
    onChange();
    return () => c.dispose();
  }, [camera, gl, target, span, invalidate, scene, set]);
  return null;
}

const SURROUNDINGS = 'surroundings';
const trees = new WeakMap<BufferGeometry, MeshBVH>();

/**
 * The displayed surroundings' tree, built on the first camera move that needs it (~0.2 s for the 250 000
 * triangles the view shows at most): importing a mesh never pays for it, orbiting once does.
 */
function bvhOf(g: BufferGeometry): MeshBVH {
  let t = trees.get(g);
  if (!t) trees.set(g, (t = new MeshBVH(g, { indirect: true })));
  return t;
}

/** One wall as a vertical shape in its own frame (s along the edge, z up) with the windows cut out. */
function wallGeometry(scene: Scene, edge: number): BufferGeometry {
  const e = edgeFrame(scene.outline, edge);
  const shape = new Shape();
  shape.moveTo(0, 0);
  shape.lineTo(e.length, 0);
  // The wall's top: the ceiling along it, from its end back to its start (a gable under a sloped ceiling).
  for (const [s, z] of ceilingProfile(scene, edge).reverse()) shape.lineTo(s, z);
  shape.closePath();
  for (const w of scene.windows.filter((x) => x.edge === edge)) {
    const s0 = Math.max(0.001, w.offset - w.width / 2),
      s1 = Math.min(e.length - 0.001, w.offset + w.width / 2);
    // Under the ceiling at both its ends (a window in a gable under a sloped ceiling).
    const under = (sv: number): number =>
      ceilingAt(scene.ceilingPlanes ?? [], scene.floorZ + scene.height, e.ax + e.ux * sv, e.ay + e.uy * sv) -
      scene.floorZ;
    const z0 = Math.max(0.001, w.sill),
      z1 = Math.min(under(s0) - 0.001, under(s1) - 0.001, w.head);
    const hole = new Path();
    hole.moveTo(s0, z0);
    hole.lineTo(s1, z0);
    hole.lineTo(s1, z1);
    hole.lineTo(s0, z1);
    hole.closePath();
    shape.holes.push(hole);
  }
  const g = new ShapeGeometry(shape);
  // (s, z) → world: origin at the edge's start, s along it, z up from the floor.
  const p = g.attributes.position!;
  for (let i = 0; i < p.count; i++) {
    const s = p.getX(i),
      z = p.getY(i);
    p.setXYZ(i, e.ax + e.ux * s, e.ay + e.uy * s, scene.floorZ + z);
  }
  g.computeVertexNormals();
  return g;
}

function Room(): React.JSX.Element {
  const scene = useApp((s) => s.scene);
  const walls = useMemo(() => scene.outline.map((_, i) => wallGeometry(scene, i)), [scene]);
  // Skylights: their outlines in the ceiling (a roof window's in its slope).
  const skylights = useMemo(
    () =>
      (scene.skylights ?? []).map((k) =>
        new BufferGeometry().setFromPoints(
          k.polygon.map(
            ([x, y]) =>
              new Vector3(
                x,
                y,
                ceilingAt(scene.ceilingPlanes ?? [], scene.floorZ + scene.height, x, y) - 0.01,
              ),
          ),
        ),
      ),
    [scene.skylights, scene.ceilingPlanes, scene.floorZ, scene.height],
  );
  const floor = useMemo(() => {
    const shape = new Shape(scene.outline.map(([x, y]) => ({ x, y }) as never));
    const g = new ShapeGeometry(shape);
    g.translate(0, 0, scene.floorZ);
    return g;
  }, [scene.outline, scene.floorZ]);
  return (
    <group>
      <mesh geometry={floor}>
        <meshStandardMaterial color="#d9dde2" side={DoubleSide} />
      </mesh>
      {walls.map((g, i) => (
        <mesh key={i} geometry={g}>
          <meshStandardMaterial color="#f1f1ee" side={DoubleSide} transparent opacity={0.55} />
        </mesh>
      ))}
      {skylights.map((g, i) => (
        <lineLoop key={i} geometry={g} name="skylight">
          <lineBasicMaterial color="#1c7ed6" />
        </lineLoop>
      ))}
    </group>
  );
}

/**
 * True north beside the room at its floor's level (1.5 m beyond its bounding box's north-east corner), its
 * letter standing upright and facing the camera.
 */
function NorthArrow(): React.JSX.Element {
  const outline = useApp((s) => s.scene.outline);
  const floorZ = useApp((s) => s.scene.floorZ);
  const north = useApp((s) => s.scene.north ?? 0);
  const arrow = useMemo(() => {
    const x = Math.max(...outline.map((p) => p[0])) + 1.5,
      y = Math.max(...outline.map((p) => p[1])) + 1.5;
    return northArrow3d(north, x, y, Math.max(0, floorZ) + 0.01);
  }, [outline, floorZ, north]);
  useEffect(
    () => () => {
      arrow.head.dispose();
      arrow.letter.dispose();
    },
    [arrow],
  );
  // The letter faces the camera (a billboard), so that it reads as an N from wherever the view is turned.
  const letter = useRef<Group>(null);
  useFrame(({ camera }) => letter.current?.quaternion.copy(camera.quaternion));
  return (
    <group name="north-arrow" userData={{ north }}>
      <mesh geometry={arrow.head}>
        <meshBasicMaterial color="#c92a2a" side={DoubleSide} />
      </mesh>
      <group ref={letter} position={arrow.letterAt}>
        <lineSegments geometry={arrow.letter}>
          <lineBasicMaterial color="#1d2733" />
        </lineSegments>
      </group>
    </group>
  );
}

function FloorMap(): React.JSX.Element | null {
  const shown = useShown();
  const map = shown?.answer ?? null;
  const floorZ = useApp((s) => s.scene.floorZ);
  const { palette, scaleMax } = useSettings();
  const texture = useMemo(() => {
    if (!map) return null;
    const t = new CanvasTexture(mapCanvas(map, palette, scaleMax, false, true));
    t.magFilter = NearestFilter;
    t.colorSpace = SRGBColorSpace;
    return t;
  }, [map, palette, scaleMax]);
  // The work plane cut to the outline the map was computed for (no staircase along slanted walls), its
  // texture placed by world position: u across the grid's columns, v up its rows (row 0 at the top).
  const outline = shown?.scene.outline;
  const plane = useMemo(() => {
    if (!map || !outline) return null;
    const g = new ShapeGeometry(new Shape(outline.map(([x, y]) => new Vector2(x, y))));
    const p = g.getAttribute('position');
    const uv = g.getAttribute('uv');
    const w = map.cols * map.resolution,
      h = map.rows * map.resolution;
    for (let i = 0; i < p.count; i++)
      uv.setXY(i, (p.getX(i) - map.origin.x) / w, (p.getY(i) - (map.origin.y - h)) / h);
    return g;
  }, [map, outline]);
  useEffect(() => () => texture?.dispose(), [texture]);
  useEffect(() => () => plane?.dispose(), [plane]);
  if (!map || !texture || !plane) return null;
  // The work plane: the map hovers where DF is defined (physics.md: 0.8 m above the floor).
  return (
    <mesh geometry={plane} position={[0, 0, floorZ + WORK_PLANE_HEIGHT]} data-testid="floor-map">
      <meshBasicMaterial map={texture} transparent side={DoubleSide} />
    </mesh>
  );
}

function Surroundings(): React.JSX.Element | null {
  const positions = useMeshDisplay((s) => (s.visible ? s.positions : null));
  const geometry = useMemo(() => {
    if (!positions) return null;
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(positions, 3));
    // No normals: flat shading derives them in the shader, sparing the page a pass over every vertex.
    return g;
  }, [positions]);
  useEffect(() => () => geometry?.dispose(), [geometry]);
  // Shown surroundings may stand where the camera is: the controls' check moves it out (Controls).
  const controls = useThree((st) => st.controls) as OrbitControls | null;
  useEffect(() => {
    if (geometry) controls?.dispatchEvent({ type: 'change' });
  }, [geometry, controls]);
  if (!geometry) return null;
  return (
    <mesh name={SURROUNDINGS} geometry={geometry} frustumCulled={false}>
      <meshStandardMaterial color="#9aa5b1" side={DoubleSide} flatShading />
    </mesh>
  );
}

interface RoomBox {
  target: [number, number, number];
  span: number;
}

function roomBox(outline: readonly (readonly [number, number])[], floorZ: number): RoomBox {
  const xs = outline.map((p) => p[0]),
    ys = outline.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs),
    d = Math.max(...ys) - Math.min(...ys);
  return {
    target: [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2, floorZ + 1],
    span: Math.hypot(w, d),
  };
}

/** A room half again as large or small as the framed one, or moved by half its size: frame it anew. */
function farFrom(now: RoomBox, was: RoomBox): boolean {
  const ratio = now.span / Math.max(was.span, 1e-6);
  const moved = Math.hypot(now.target[0] - was.target[0], now.target[1] - was.target[1]);
  // Not a floor's height: the camera keeps its orbit while the floor is typed (as before).
  return ratio > 1.5 || ratio < 1 / 1.5 || moved > was.span / 2;
}

export function View3D(): React.JSX.Element {
  const outline = useApp((s) => s.scene.outline);
  const floorZ = useApp((s) => s.scene.floorZ);
  const name = useApp((s) => s.scene.name);
  // The room's box now, and the one the camera was framed on: re-centred and re-framed when the room is
  // redrawn or another one opened (a room from IFC has its name), or when it is now a different size or
  // place (an outline typed anew, 6 × 4 m to 20 × 14 m: before, the camera stayed where a 6 m room wanted
  // it and showed a corner) — not on every drag step.
  const box = roomBox(outline, floorZ);
  const framed = useRef<{ box: RoomBox; key: string } | null>(null);
  const key = `${outline.length}|${name ?? ''}`;
  if (!framed.current || framed.current.key !== key || farFrom(box, framed.current.box))
    framed.current = { box, key };
  const { target, span } = framed.current.box;
  const mesh = useMeshDisplay();
  return (
    <div {...VIEW3D_REGION}>
      {mesh.positions && (
        <label className="overlay">
          <input
            type="checkbox"
            checked={mesh.visible}
            onChange={(e) => mesh.setVisible(e.target.checked)}
            data-testid="show-mesh"
          />
          Show surroundings ({(mesh.positions.length / 9).toLocaleString('en')} triangles
          {mesh.positions.length / 9 > SHOW_BY_DEFAULT ? '; slow without a graphics card' : ''})
        </label>
      )}
      <Canvas
        camera={{ position: [target[0] - 8, target[1] - 12, target[2] + 9], fov: 45, near: 0.05, far: 5000 }}
        frameloop="demand"
        dpr={1}
        gl={{ antialias: false, powerPreference: 'high-performance' }}
      >
        <Controls target={target} span={span} />
        <ambientLight intensity={0.7} />
        <directionalLight position={[30, -40, 60]} intensity={1.6} />
        <Room />
        <NorthArrow />
        <FloorMap />
        <Surroundings />
      </Canvas>
    </div>
  );
}
