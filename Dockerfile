# The suite as a container image: the package as `npm pack` builds it (compiled
# JavaScript, no sources or self-tests), installed on a small Node 20 image, with
# `cp-conformance` as its entry point. Mount the directory the run reads and writes at
# /work: the reports land in its conformance-report/, and an expectations file or a
# profile there is found by its relative path.
#
#   docker build -t cp-conformance .
#   docker run --rm -v "$PWD:/work" -e CP_BASE_URL -e CP_TOKEN cp-conformance run
#   docker run --rm cp-conformance doctor          # the embedded reference: every part works

FROM node:20-slim AS package
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp

FROM node:20-slim
COPY --from=package /tmp/cp-conformance-*.tgz /tmp/
RUN npm install --global --no-audit --no-fund /tmp/cp-conformance-*.tgz \
 && rm /tmp/cp-conformance-*.tgz \
 && npm cache clean --force
# Root, as CI containers run: the reports are written into a directory mounted from the
# host, which a user of the image's own would often not be allowed to write.
WORKDIR /work
ENTRYPOINT ["cp-conformance"]
CMD ["run"]
