package org.fabricsim.ledger;

import java.nio.file.Path;
import java.util.List;

/**
 * A run the ledger's entries measure: an experiment file (a packet run, or a sweep for results over many runs) with
 * {@code --set} settings, at a tier.
 *
 * @param experiment relative to the repository's root
 * @param settings {@code key=value}, in the ledger's order
 */
public record LedgerRun(String id, Path experiment, List<String> settings, Tier tier, String where) {
    public LedgerRun {
        settings = List.copyOf(settings);
    }
}
