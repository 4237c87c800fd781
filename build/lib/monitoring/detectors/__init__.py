"""Pure detection code: no Django, no I/O, no clock.

Everything here works on events in the `recovery-scenario/1` schema (see
`docs/EVENTS.md`) and on the small typed records in `schema.py`.
"""
