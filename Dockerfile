# The standard image of every Smista component (the charts' image.repository smista/<component>):
#   docker build --build-arg COMPONENT=services/orders -t registry.example.com/smista/orders:0.1.0 .
#   docker build --build-arg COMPONENT=gateway         -t registry.example.com/smista/gateway:0.1.0 .
# A micro-frontend remote (charts/<name>-ui) is its built files behind the remote server
# (libs/remote-server), which serves the folder's dist and announces it in the remotes registry:
#   docker build --build-arg COMPONENT=frontends/orders -t registry.example.com/smista/orders-ui:0.1.0 .
# NODE_MAJOR is the project's Node major (.node-version, the one make dev and make test run on);
# charts/charts.test.ts keeps the two equal.
ARG NODE_MAJOR=24

FROM node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /src
# python3, make and g++ for native add-ons without a prebuilt binary for this Node.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx nx run-many -t build --parallel=2 --outputStyle=static \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_MAJOR}-bookworm-slim
ARG COMPONENT
ENV NODE_ENV=production
WORKDIR /app
# The whole built workspace: components import the libs through node_modules' workspace links.
COPY --from=build --chown=node:node /src /app
WORKDIR /app/${COMPONENT}
USER node
# A component with its own dist/main.js runs it; a remote (only files in dist/) runs the remote
# server from its folder, which serves ./dist (REMOTE_DIR overrides).
CMD ["sh", "-c", "if [ -f dist/main.js ]; then exec node dist/main.js; else exec node /app/libs/remote-server/dist/main.js; fi"]
