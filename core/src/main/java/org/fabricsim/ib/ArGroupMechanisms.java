package org.fabricsim.ib;

/** InfiniBand AR groups (seed 004): not built yet. */
final class ArGroupMechanisms extends Mechanisms {
    ArGroupMechanisms(AdaptiveRouting.Grouping grouping, AdaptiveRouting.Selection selection) {
        throw new UnsupportedOperationException("AR groups are not built yet");
    }
}
