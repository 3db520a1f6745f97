"""A stand-in HTTP server on a free port of 127.0.0.1, for the tests that script what it answers."""

import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Tuple, Type


class QuietHandler(BaseHTTPRequestHandler):
    """Answers GET, POST and DELETE with ``handle_any``, and logs nothing."""

    def handle_any(self) -> None:
        raise NotImplementedError

    def do_GET(self) -> None:
        self.handle_any()

    do_POST = do_GET
    do_DELETE = do_GET

    def log_message(self, *args: object) -> None:
        pass


def serve(handler: Type[BaseHTTPRequestHandler], server_class: Type[HTTPServer] = HTTPServer) -> Tuple[HTTPServer, str]:
    """The running server (it serves in a daemon thread) and its base URL."""
    server = server_class(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
