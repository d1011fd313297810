"""Random polygons rasterised by the upstream oracle's cv2.fillPoly re-implementation -> fillpoly-cases.json.
Usage (from the repository root): python3 test/fixtures-encoder/make_fillpoly_cases.py (needs numpy)."""
import os, sys, json, random, hashlib, numpy as np
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../fixtures/upstream-encoder/oracle'))
from fillref import fillpoly
random.seed(7)
cases = []
for n in range(150):
    k = random.choice([3, 4, 5, 6, 8, 12])
    lo, hi = random.choice([(0, 127), (-20, 150), (2, 121), (0, 128)])
    pts = [(random.randint(lo, hi), random.randint(lo, hi)) for _ in range(k)]
    m = np.zeros((128, 128), np.uint8)
    fillpoly(m, pts)
    cases.append({'points': [list(p) for p in pts], 'count': int(m.sum()), 'sha256': hashlib.sha256(m.tobytes()).hexdigest()})
json.dump({'source': 'oracle/fillref.py (matches cv2.fillPoly LINE_8 on OpenCV 4.14 and 5.0, encoder.md section 4.8); random polygons, seed 7', 'cases': cases}, open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fillpoly-cases.json'), 'w'))
