"""A client written for the original daylight service, run against Lux: /v2/run as a multipart form, the mesh
as a .npy file (gzip-compressed with --gzip), as the original's notebook sends it (README §Multipart).

    python3 docs/examples/multipart_client.py http://localhost:8080 [--token TOKEN] [--gzip] [--stored]

Prints the answer's grid shape and the room's mean daylight factor as JSON. The same request as JSON
(`requests.post(url, json=body)`) gets the same answer; test/server/multipart.test.ts runs this script.

With --stored, the Lux way for many rooms against one context: the mesh is uploaded once
(POST /v2/meshes, the .npy file as the body) and each /run names it by `mesh_id`; a 404 (the server no
longer holds it) is answered by uploading again.
"""
import argparse
import gzip
import io
import json

import numpy as np
import requests

# A 5 x 4 m room, one window on its south wall, 3 m ceiling, on the ground floor.
PARAMS = {
    "model_type": "df_default",
    "parameters": {
        "height_roof_over_floor": 3,
        "floor_height_above_terrain": 0,
        "room_polygon": [[0, 0], [5, 0], [5, 4], [0, 4]],
        "windows": {"w1": {"x1": 1, "y1": 0, "z1": 0.9, "x2": 2, "y2": 0, "z2": 2.4, "window_frame_ratio": 0.2}},
    },
}
# The surroundings: a wall 8 m high, 10 m in front of the window (two triangles, three points each).
MESH = [[-10, -10, 0], [12, -10, 0], [12, -10, 8], [-10, -10, 0], [12, -10, 8], [-10, -10, 8]]


def npy_bytes(points):
    buf = io.BytesIO()
    np.save(buf, np.asarray(points, dtype=np.float32))  # shape (n, 3), float32
    return buf.getvalue()


def run_stored(url, mesh, headers):
    """/run against a context stored once; uploads it (again) when the server does not hold it."""
    upload = lambda: requests.post(  # noqa: E731
        f"{url}/v2/meshes", data=mesh, headers={**headers, "Content-Type": "application/octet-stream"}, timeout=60
    ).json()["mesh_id"]
    mesh_id = upload()
    res = requests.post(f"{url}/v2/run", json={**PARAMS, "mesh_id": mesh_id}, headers=headers, timeout=60)
    if res.status_code == 404:
        res = requests.post(f"{url}/v2/run", json={**PARAMS, "mesh_id": upload()}, headers=headers, timeout=60)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--token")
    ap.add_argument("--gzip", action="store_true")
    ap.add_argument("--stored", action="store_true")
    a = ap.parse_args()
    mesh = npy_bytes(MESH)
    if a.gzip:
        mesh = gzip.compress(mesh)
    headers = {"Authorization": f"Bearer {a.token}"} if a.token else {}
    if a.stored:
        res = run_stored(a.url, mesh, headers)
    else:
        res = requests.post(
            f"{a.url}/v2/run",
            data={"params": json.dumps(PARAMS)},
            files={"mesh": ("mesh.npy", mesh, "application/octet-stream")},
            headers=headers,
            timeout=60,
        )
    body = res.json()
    if res.status_code != 200:
        raise SystemExit(f"{res.status_code}: {body.get('error')}")
    df, mask = np.array(body["result"]), np.array(body["mask"])
    print(json.dumps({"shape": body["shape"], "mean": float(df[mask].mean())}))


if __name__ == "__main__":
    main()
