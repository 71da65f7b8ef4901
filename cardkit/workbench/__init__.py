"""The translation workbench: a local web application for editing each text beside the
card it prints on (`cardkit workbench`).

`service.py` is everything the page can ask and do, without HTTP; `app.py` serves it with
Starlette, `security.py` guards it, `server.py` runs it with uvicorn.
"""
