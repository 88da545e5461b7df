"""Bots: programs that play a title through its legal actions, and self-play runs of them."""
