"""The viewer's three searches, each a thin adapter from request fields to a domain's
search and from its states to JSON: no search logic lives here."""
