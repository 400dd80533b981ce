#!/usr/bin/env sh
# The WebSocket process of online play: uvicorn serving config.asgi (the /ws/ paths;
# nginx sends everything else to gunicorn). uvicorn, not daphne: with 20 tables of four
# WebSocket clients it applied 2-3 times the actions a second at half the latency on the
# same machine (bench/bench_asgi.py; figures in docs/benchmarks.md). Several processes share the
# tables through the Redis channel layer (REDIS_URL is required here).
set -e
exec uvicorn config.asgi:application \
    --host "${ASGI_HOST:-0.0.0.0}" --port "${ASGI_PORT:-8001}" \
    --workers "${ASGI_WORKERS:-2}" --ws websockets \
    --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}" \
    --timeout-graceful-shutdown 10 --no-server-header
