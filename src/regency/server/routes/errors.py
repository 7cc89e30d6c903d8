"""Every refusal as a JSON body ``{"error": code, "message": text, ...}`` (docs/server.md)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from regency.server.errors import ProtocolError

__all__ = ["install_error_handlers"]


async def refused(_: Request, exc: ProtocolError) -> JSONResponse:
    """A refusal of the protocol's, with ``Retry-After`` when it says when to try again."""
    wait = exc.extra.get("retry_after")
    headers = {"Retry-After": str(wait)} if wait is not None else None
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
    """422 ``bad_request``: where the request is wrong and what is wrong there."""
    errors = [
        {"where": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg", "")}
        for e in exc.errors()[:20]
    ]
    message = "; ".join(f"{e['where']}: {e['problem']}" for e in errors)
    return JSONResponse(
        {"error": "bad_request", "message": message, "details": errors}, status_code=422
    )


async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
    """Starlette's own refusals (no such path, wrong method) in the same shape."""
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "refused")
    return JSONResponse({"error": code, "message": str(exc.detail)}, status_code=exc.status_code)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every refusal of ``app`` as a JSON body."""
    app.add_exception_handler(ProtocolError, refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error)  # type: ignore[arg-type]
