# One image for every role: `bahi <role>` picks what the container does.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY read-api/package.json read-api/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=5000
EXPOSE 5000
ENTRYPOINT ["node", "bin/bahi.mjs"]
CMD ["start"]
