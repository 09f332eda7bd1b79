"""The web table: lobby, per-seat links, live boards, replays."""
