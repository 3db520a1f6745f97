__version__ = "0.2.0"

#: The API version this SDK was written for: every request pins it (the Conduit-Version header).
API_VERSION = "2026-12-01"
