package org.fabricsim.experiment;

import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.convergence.ConvergenceOptions;
import org.fabricsim.convergence.ConvergenceOptions.Initial;
import org.fabricsim.convergence.ConvergenceOptions.NewPort;
import org.fabricsim.convergence.ConvergenceOptions.PermutationKind;
import org.fabricsim.convergence.ConvergenceOptions.Reselect;
import org.fabricsim.convergence.ConvergenceOptions.Scope;
import org.fabricsim.convergence.ConvergenceOptions.Ties;
import org.fabricsim.convergence.ConvergenceOptions.Victim;

/** Binds the {@code convergence.*} keys to the options of the adaptive-routing process. */
final class ConvergenceBinding {
    private ConvergenceBinding() {
    }

    static ConvergenceOptions options(ExperimentConfig c) {
        double p = c.number("convergence.p", 1, 1e9);
        return new ConvergenceOptions(p,
                pick(c, "convergence.scope", Scope.class),
                pick(c, "convergence.permutation", PermutationKind.class),
                pick(c, "convergence.initial", Initial.class),
                pick(c, "convergence.new-port", NewPort.class),
                pick(c, "convergence.ties", Ties.class),
                c.bool("convergence.swap"),
                pick(c, "convergence.victim", Victim.class),
                c.bool("convergence.bad-up-links"),
                pick(c, "convergence.reselect", Reselect.class),
                c.integer("convergence.max-iterations", 1L, Long.MAX_VALUE));
    }

    /** The enum constant named like the value, e.g. {@code semi-random} for SEMI_RANDOM. */
    static <E extends Enum<E>> E pick(ExperimentConfig c, String key, Class<E> type) {
        List<String> words = java.util.Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).toList();
        String word = c.choice(key, words);
        return type.getEnumConstants()[words.indexOf(word)];
    }
}
