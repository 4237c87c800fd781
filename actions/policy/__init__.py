"""PURE · decide: the recovery policy, the autonomy ladder and the guardrails (no Django, no I/O).

Re-exports only; each topic lives in its own module (recommend, proposal, autonomy, guardrails).
"""

from actions.policy.proposal import DRAIN, ESCALATE, NOTIFY, REQUEUE, Proposal
from actions.policy.recommend import Decision, JobFacts, recommend

__all__ = ["DRAIN", "ESCALATE", "NOTIFY", "REQUEUE", "Decision", "JobFacts", "Proposal", "recommend"]
