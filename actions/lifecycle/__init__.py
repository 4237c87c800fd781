"""Pure lifecycles of the controller's entities: transition tables with guards and their invariants.

Each entity's lifecycle is a pure reducer (no Django, no I/O, no clock: ``now`` is passed in).
One module per entity: its states, its transition table with guards, the reason of every
transition and who may cause it, and the invariants that must hold in every reachable state.
Services load facts, ask the table, persist and audit in one transaction, then perform the
effects the table returned. Callers import the entity's module (``actions.lifecycle.node``).
"""
