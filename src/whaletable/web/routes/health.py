"""Whether the server is up, and how many tables it holds in memory."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from whaletable.web.routes.services import TablesDep

router = APIRouter()


@router.get("/healthz")
async def health(tables: TablesDep) -> dict[str, Any]:
    return {"ok": True, "tables": len(tables.tables)}
