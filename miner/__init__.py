"""listminer: mine mailing-list archives for performance evidence and reviewers' concerns."""

__version__ = "0.1.0"
