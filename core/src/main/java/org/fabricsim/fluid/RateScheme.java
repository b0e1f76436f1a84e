package org.fabricsim.fluid;

import java.io.Serializable;
import org.fabricsim.InputException;

/**
 * A scheme of seed 003 Chapter 6: a rate algorithm on static routes ("SAA", "FFA", "AFA") or on the routes
 * adaptive flow routing sets up ("SAA+AR", "SAA-M+AR", "FFA+AR", "AFA+AR"). Written in configurations as the
 * algorithm's key, with {@code +ar} for adaptive routing: {@code saa}, {@code saa-m+ar}, …
 *
 * <p>NC and AR (no rate control) are the packet-level baselines of the thesis; they are not schemes of the
 * fluid model, and {@link #parse} refuses them with a message saying so.
 *
 * @param algorithm the rate algorithm
 * @param adaptive  whether routes come from adaptive flow routing (else from the static routing)
 */
public record RateScheme(RateAlgorithm algorithm, boolean adaptive) implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final String AR = "+ar";

    /** The packet-level baselines, by key, and what they are. */
    private static final String[][] PACKET_LEVEL = {{"nc", "no rate control, static routing"},
        {"ar", "adaptive routing without rate control"}};

    /**
     * @throws InputException for an unknown key, or a packet-level baseline ({@code nc}, {@code ar})
     */
    public static RateScheme parse(String key) {
        String k = key.trim().toLowerCase(java.util.Locale.ROOT);
        for (String[] p : PACKET_LEVEL) {
            if (k.equals(p[0])) {
                throw new InputException("'" + p[0] + "' (" + p[1] + ") is a packet-level baseline of seed 003: it"
                        + " needs the packet model, not yet available; use a fluid scheme such as saa");
            }
        }
        boolean ar = k.endsWith(AR);
        String algorithm = ar ? k.substring(0, k.length() - AR.length()) : k;
        try {
            return new RateScheme(RateAlgorithm.byKey(algorithm), ar);
        } catch (InputException e) {
            throw new InputException("unknown rate scheme '" + key + "': an algorithm ("
                    + String.join(", ", RateAlgorithm.keys()) + "), with " + AR + " for adaptive routing");
        }
    }

    /** The configuration key, e.g. {@code saa-m+ar}. */
    public String key() {
        return algorithm.key() + (adaptive ? AR : "");
    }

    /** The key as a column prefix, e.g. {@code saa_m_ar}. */
    public String column() {
        return key().replace('-', '_').replace('+', '_');
    }

    /** The thesis' name, e.g. {@code SAA-M+AR}. */
    public String label() {
        return key().toUpperCase(java.util.Locale.ROOT);
    }
}
