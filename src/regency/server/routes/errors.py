"""Every refusal as a JSON body ``{"error": code, "message": text, ...}`` (docs/server.md).

A browser following a link (a ``GET`` that accepts HTML, to an address outside
``/api/`` and ``/static/``) gets the same refusal as a page with a way back instead:
``/play/nonexistent/1`` says "No such table" and links to the lobby
(:func:`regency.server.pages.html.error_page`). The API answers JSON to every client.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from regency.server.errors import ProtocolError
from regency.server.pages.html import error_page, page_wanted

__all__ = ["install_error_handlers"]


async def refused(request: Request, exc: ProtocolError) -> Response:
    """A refusal of the protocol's, with ``Retry-After`` when it says when to try again."""
    wait = exc.extra.get("retry_after")
    headers = {"Retry-After": str(wait)} if wait is not None else None
    if page_wanted(request):
        answer: Response = error_page(exc.status, exc.code, exc.message)
        if headers:
            answer.headers.update(headers)
        return answer
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


async def invalid(request: Request, exc: RequestValidationError) -> Response:
    """422 ``bad_request``: where the request is wrong and what is wrong there."""
    errors = [
        {"where": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg", "")}
        for e in exc.errors()[:20]
    ]
    message = "; ".join(f"{e['where']}: {e['problem']}" for e in errors)
    if page_wanted(request):
        return error_page(422, "bad_request", message)
    return JSONResponse(
        {"error": "bad_request", "message": message, "details": errors}, status_code=422
    )


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    """Starlette's own refusals (no such path, wrong method) in the same shape."""
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "refused")
    if page_wanted(request):
        # Starlette's own words ("Not Found") add nothing to the page's.
        return error_page(exc.status_code, code, "" if code == "not_found" else str(exc.detail))
    return JSONResponse({"error": code, "message": str(exc.detail)}, status_code=exc.status_code)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every refusal of ``app`` as a JSON body (a page for a browser's link)."""
    app.add_exception_handler(ProtocolError, refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error)  # type: ignore[arg-type]
