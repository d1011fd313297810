"""Random single-window /encode requests in the original dialect, encoded by the upstream clean-room oracle.
Usage (from the repository root): python3 test/fixtures-encoder/make_oracle_cases.py 250 11 /tmp/raw-cases.json
Needs numpy. See README.md for the filtering step that produced oracle-cases.json."""
import os, sys, json, math, random, hashlib
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../fixtures/upstream-encoder/oracle'))
import specref
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
N = int(sys.argv[1])
def grid(v, g): return round(v / g) * g
cases = []
for n in range(N):
    g = random.choice([0.01, 0.05, 0.1, 0.25])
    w = grid(random.uniform(2, 14), g); d = grid(random.uniform(2, 14), g)
    shape = random.choice(['rect', 'rect', 'L', 'U'])
    if shape == 'rect': poly = [(0, 0), (w, 0), (w, d), (0, d)]
    elif shape == 'L':
        a = grid(random.uniform(0.3, 0.8) * w, g); b = grid(random.uniform(0.3, 0.8) * d, g)
        poly = [(0, 0), (w, 0), (w, b), (a, b), (a, d), (0, d)]
    else:
        a = grid(w / 3, g); b = grid(2 * w / 3, g); c = grid(random.uniform(0.2, 0.8) * d, g)
        poly = [(0, 0), (w, 0), (w, d), (b, d), (b, c), (a, c), (a, d), (0, d)]
    if random.random() < 0.5: poly = poly[::-1]
    rot = random.choice([0, 90, 180, 270, random.uniform(0, 360)])
    ox, oy = grid(random.uniform(-30, 30), g), grid(random.uniform(-30, 30), g)
    cr, sr = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    if rot in (0, 90, 180, 270): cr, sr = round(cr), round(sr)
    poly = [(round(cr * x - sr * y + ox, 6), round(sr * x + cr * y + oy, 6)) for x, y in poly]
    k = random.randrange(len(poly)); A = poly[k]; B = poly[(k + 1) % len(poly)]
    L = math.hypot(B[0] - A[0], B[1] - A[1])
    if L < 0.6: continue
    ww = min(random.uniform(0.3, 3), L * 0.9); s = random.uniform(0, L - ww)
    if random.random() < 0.1: s = -ww / 2  # overhang
    ux, uy = (B[0] - A[0]) / L, (B[1] - A[1]) / L
    # outward normal: test
    nx, ny = uy, -ux
    mx, my = (A[0] + B[0]) / 2 + 0.01 * nx, (A[1] + B[1]) / 2 + 0.01 * ny
    if specref.point_in_poly((mx, my), poly): nx, ny = -nx, -ny
    t = random.choice([0, 0, 0.3, 0.25, -0.3, 0.2])
    p1 = (A[0] + ux * s, A[1] + uy * s); p2 = (A[0] + ux * (s + ww) + nx * t, A[1] + uy * (s + ww) + ny * t)
    rnd = lambda v: round(v, random.choice([2, 3, 6]))
    x1, y1, x2, y2 = rnd(p1[0]), rnd(p1[1]), rnd(p2[0]), rnd(p2[1])
    if random.random() < 0.5: x1, y1, x2, y2 = x2, y2, x1, y1
    floor = random.choice([0.0, 1.0, 2.0, 12.0, 3.3])
    z1 = floor + random.choice([0.0, 0.5, 0.9, -0.1]); z2 = z1 + random.uniform(0.5, 2.5)
    P = {'height_roof_over_floor': random.choice([2.7, 3.0, 20, 35]), 'floor_height_above_terrain': floor,
         'room_polygon': [list(p) for p in poly], 'x1': x1, 'y1': y1, 'z1': z1, 'x2': x2, 'y2': y2, 'z2': z2,
         'window_frame_ratio': random.choice([0, 0.2, 0.8, 0.15])}
    for key in ['horizon', 'zenith']:
        c = random.random()
        if c < 0.88: P[key] = round(random.uniform(-5, 95), 3)
        else: P[key] = [round(random.uniform(0, 90), 1) for _ in range(random.choice([64, 8, 100, 1, 63, 65]))]
    for key in ['ceiling_reflectance', 'floor_reflectance', 'wall_reflectance', 'facade_reflectance', 'terrain_reflectance',
                'window_frame_reflectance', 'balcony_reflectance', 'context_reflectance']:
        if random.random() < 0.2: P[key] = round(random.uniform(0.1, 0.9), 3)
    if random.random() < 0.2: P['window_orientation'] = random.uniform(0, 6.28)
    if random.random() < 0.2: P['window_sill_height'] = random.uniform(0, 3)
    if random.random() < 0.2: P['window_height'] = random.uniform(0.3, 3)
    if random.random() < 0.2: P['direction_angle'] = specref.direction_angle(x1, y1, x2, y2, [tuple(p) for p in poly]) + random.choice([0, 2 * math.pi, -2 * math.pi, 1e-4])
    mt = random.choice(['df_default', 'da_default', 'df_custom', 'da_custom']); scheme = random.choice(['v1', 'v2'])
    multi = random.random() < 0.3
    try:
        img, mask = specref.encode(P, mt, scheme, multi)
    except Exception as e:
        continue
    cases.append({'parameters': P, 'model_type': mt, 'encoding_scheme': scheme, 'multi_window': multi,
                  'image_sha256': hashlib.sha256(img.tobytes()).hexdigest(),
                  'mask_sha256': hashlib.sha256(mask.tobytes()).hexdigest()})
json.dump({'cases': cases}, open(sys.argv[3], 'w'), separators=(',', ':'))
print(len(cases))
