# Speltafel: a Discord bot for tabletop games. Build: docker compose build
# The board page for the web table, bundled with esbuild.
FROM node:20-slim AS web
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/src ./src
COPY web/compress.mjs ./
RUN npm run build

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_URL=sqlite+aiosqlite:////app/data/speltafel.db \
    WEB_BUNDLE=/app/web/dist

WORKDIR /app

COPY pyproject.toml README.md alembic.ini ./
COPY bot ./bot
COPY games ./games
COPY migrations ./migrations
COPY --from=web /web/dist ./web/dist
RUN pip install --no-cache-dir . \
    && useradd --system --uid 10001 --home-dir /app speltafel \
    && mkdir -p /app/data \
    && chown speltafel /app/data

USER 10001
VOLUME ["/app/data"]

# Migrations run at start-up, then the bot connects.
CMD ["python", "-m", "bot"]
