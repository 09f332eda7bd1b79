"""How a refused request is answered: JSON ``{"error": ...}`` to API clients, the error page
in the reader's language to browsers. Installed on the app by ``create_app`` (``HANDLERS``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request

from whaletable.core import UnknownGame, WhaletableError
from whaletable.web import i18n
from whaletable.web.routes.services import lang_of, services_of
from whaletable.web.tables import message_in


def wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get(
        "accept", ""
    )


def error_page(request: Request, code: int, message: str) -> Response:
    return services_of(request).page(
        request, "error.html", {"status_code": code, "message": message}, code
    )


async def bad_input(request: Request, exc: WhaletableError) -> Response:
    code = 404 if isinstance(exc, UnknownGame) or "does not belong" in str(exc) else 400
    if wants_json(request):
        return JSONResponse({"error": str(exc)}, status_code=code)
    return error_page(request, code, message_in(exc, i18n.translator(lang_of(request))))


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    headers = getattr(exc, "headers", None)
    if wants_json(request):
        return JSONResponse(
            {"error": str(exc.detail)}, status_code=exc.status_code, headers=headers
        )
    response = error_page(request, exc.status_code, str(exc.detail))
    response.headers.update(headers or {})
    return response


async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors()
    )
    message = f"bad request: {problems}"
    if wants_json(request):
        return JSONResponse({"error": message}, status_code=422)
    return error_page(request, 422, message)


# Each handler takes its own kind of exception; Starlette picks one by the exception's class.
Handler = Callable[[Request, Any], Awaitable[Response]]
HANDLERS: Mapping[type[Exception], Handler] = {
    WhaletableError: bad_input,
    StarletteHTTPException: http_error,
    RequestValidationError: invalid_request,
}
