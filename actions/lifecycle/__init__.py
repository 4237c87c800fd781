"""Pure lifecycles of the controller's entities: transition tables with guards and their invariants."""
