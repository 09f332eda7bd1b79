"""A seat's alerts for slow games: where it is told of its turn (see ``web.alerts``).

Set from the seat's own page, so only with the seat's secret link; a spectator's or a
shared device's link sets none (a shared device is one seat's player no more than another's).
An e-mail address is asked to confirm itself (``/alerts/confirm/{secret}``) before it is used.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Form
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.requests import Request

from whaletable.web.alerts import (
    MAX_EMAIL,
    MAX_URL,
    Confirmation,
    check_host,
    clean_email,
    clean_webhook,
)
from whaletable.web.routes.services import Services, ServicesDep, lang_of
from whaletable.web.routes.tables import base_of, stored_by_secret
from whaletable.web.storage import StorageUnavailable
from whaletable.web.tables import DatabaseDown, LiveTable, TableError, new_token, token_digest
from whaletable.web.text import clean_word

CHECK_SECONDS = 5.0  # a webhook's host that takes longer to resolve is not accepted
CONFIRM_PAGE = "/alerts/confirm/"

router = APIRouter()


async def seat_of(services: Services, token: str) -> tuple[LiveTable, int]:
    table, role, seat = await services.tables.find(token)
    if role != "seat" or seat is None:
        raise TableError("only a seat's own link sets where it is told of its turn")
    return table, seat


@router.get("/t/{token}/alerts", response_class=HTMLResponse)
async def alerts_page(request: Request, services: ServicesDep, token: str) -> Response:
    table, seat = await seat_of(services, token)
    try:
        webhook, email, link, _, confirmed = await asyncio.to_thread(
            services.tables.store.alerts_of, table.key, seat
        )
    except StorageUnavailable as e:
        raise DatabaseDown from e
    return services.page(
        request,
        "alerts.html",
        {
            "title": table.game.spec.title,
            "seat_name": table.names[seat],
            "token": token,
            "webhook": webhook,
            "email": email,
            "confirmed": confirmed,
            "link": link is not None,
            "email_on": services.alerts.settings.email,
            "saved": request.query_params.get("saved") == "1",
            "max_url": MAX_URL,
            "max_email": MAX_EMAIL,
        },
    )


@router.post("/t/{token}/alerts")
async def set_alerts(
    request: Request,
    services: ServicesDep,
    token: str,
    webhook: Annotated[str, Form()] = "",
    email: Annotated[str, Form()] = "",
    link: Annotated[str, Form()] = "",
) -> Response:
    table, seat = await seat_of(services, token)
    hook = clean_webhook(clean_word(webhook, "webhook"))
    address = clean_email(clean_word(email, "email"))
    settings = services.alerts.settings
    if address is not None and not settings.email:
        raise TableError("this server sends no e-mail: leave the e-mail address empty")
    if hook is not None and not settings.allow_private:
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(
                loop.run_in_executor(services.alerts.pool, check_host, hook, False),
                CHECK_SECONDS,
            )
        except TimeoutError:
            raise TableError("the webhook URL's host could not be looked up in time") from None
    if link not in ("", "on"):
        raise TableError("link must be on or left out")
    # The seat's page as its player reaches it, sent along only if they asked for it.
    base = base_of(request, services)
    url = f"{base}/t/{token}" if link == "on" else None
    secret = new_token()  # used only if the address is not already confirmed
    lang = lang_of(request)
    try:
        ask = await asyncio.to_thread(
            services.tables.store.set_alerts,
            table.key,
            seat,
            hook,
            address,
            url,
            lang,
            token_digest(secret).hex(),
        )
    except StorageUnavailable as e:
        raise DatabaseDown from e
    if ask and address is not None:
        services.alerts.confirm(
            Confirmation(
                table.key,
                seat,
                table.game.spec.title,
                table.names[seat],
                address,
                base + CONFIRM_PAGE + secret,
                lang,
            )
        )
    return RedirectResponse(f"/t/{token}/alerts?saved=1", status_code=303)


@router.get(CONFIRM_PAGE + "{secret}", response_class=HTMLResponse)
async def confirm_email(request: Request, services: ServicesDep, secret: str) -> Response:
    """The link mailed to a newly saved address: opening it lets turn alerts go there."""
    found = await stored_by_secret(secret, services.tables.store.confirm_email)
    table = None if found is None else await services.tables.load(found[0])
    if found is None or table is None:
        raise TableError("this link does not belong to any table")
    key, seat, email = found
    return services.page(
        request,
        "alerts_confirmed.html",
        {
            "title": table.game.spec.title,
            "seat_name": table.names[seat],
            "table_key": key,
            "email": email,
        },
    )
