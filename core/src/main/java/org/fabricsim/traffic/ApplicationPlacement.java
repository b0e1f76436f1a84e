package org.fabricsim.traffic;

import java.util.Arrays;

/**
 * Which application each host runs (spec §6.10): {@code applicationOf[h]} is an application id in
 * 0..applications-1, or {@link FlowSet#NO_APP} for a host outside every application.
 * {@code applicationOf} must not be mutated after construction.
 *
 * @param applications    number of applications
 * @param applicationSize hosts per application
 * @param applicationOf   application of every host of the network
 */
public record ApplicationPlacement(int applications, int applicationSize, int[] applicationOf) {

    public ApplicationPlacement {
        if (applications < 1 || applicationSize < 1) {
            throw new IllegalArgumentException(applications + " applications of " + applicationSize + " hosts");
        }
        int[] count = new int[applications];
        for (int h = 0; h < applicationOf.length; h++) {
            int a = applicationOf[h];
            if (a < FlowSet.NO_APP || a >= applications) {
                throw new IllegalArgumentException("host " + h + " in application " + a);
            }
            if (a >= 0) {
                count[a]++;
            }
        }
        for (int a = 0; a < applications; a++) {
            if (count[a] != applicationSize) {
                throw new IllegalArgumentException("application " + a + " has " + count[a] + " hosts, not "
                        + applicationSize);
            }
        }
    }

    /** The hosts of application {@code app}, ascending. */
    public int[] hostsOf(int app) {
        int[] hosts = new int[applicationSize];
        int k = 0;
        for (int h = 0; h < applicationOf.length; h++) {
            if (applicationOf[h] == app) {
                hosts[k++] = h;
            }
        }
        return hosts;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApplicationPlacement other && applications == other.applications
                && applicationSize == other.applicationSize && Arrays.equals(applicationOf, other.applicationOf);
    }

    @Override
    public int hashCode() {
        return (31 * applications + applicationSize) * 31 + Arrays.hashCode(applicationOf);
    }

    @Override
    public String toString() {
        return "ApplicationPlacement[applications=" + applications + ", applicationSize=" + applicationSize + "]";
    }
}
