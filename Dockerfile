# syntax=docker/dockerfile:1
# Lux server: one image for every role. LUX_ROLE picks it: embedded (default: API + web app, all
# components in-process), gateway, obstruction, encoder, model, merger, stats. See docs/deployment.md.

# --- build: dev dependencies, the server bundle (esbuild) and the web app (Vite) ---
FROM node:20-slim AS build
WORKDIR /app
# .npmrc switches off install hooks that download binaries (onnxruntime-node's CUDA).
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies and the built dist/ only ---
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The image's own unprivileged user; nothing under /app needs to be writable.
USER node
# 8080: embedded or gateway; 8081-8085: obstruction, encoder, model, merger, stats (each role's default).
EXPOSE 8080 8081 8082 8083 8084 8085
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 CMD ["node", "-e", "const p=process.env.PORT||{obstruction:8081,encoder:8082,model:8083,merger:8084,stats:8085}[process.env.LUX_ROLE]||8080;fetch('http://127.0.0.1:'+p+'/v2/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs after its build step; the image is built once, so replicas start in a second.
# Multi-process mode in one container instead: CMD ["node", "dist/server/multi.js"].
CMD ["node", "dist/server/main.js"]
