"""The one set of error classes: the CLI turns a MinerError into a one-line message and exit status 1."""


class MinerError(Exception):
    """Something went wrong with an input or a source, described in one line."""


class FetchError(MinerError):
    """A remote archive could not be fetched or did not answer with what was expected."""

    def __init__(self, url: str, reason: str):
        super().__init__(f"{url}: {reason}")
        self.url = url
        self.reason = reason


class ArchiveFormatError(MinerError):
    """A local file is not an archive the importer can read."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason


class DatabaseError(MinerError):
    """The database could not be opened, read or written: missing, not a listminer database, read-only,
    locked by another program, or on a full disk."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason
