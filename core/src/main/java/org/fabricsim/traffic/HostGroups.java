package org.fabricsim.traffic;

import java.util.Arrays;
import org.fabricsim.InputException;
import org.fabricsim.topology.Topology;

/**
 * Which leaf switch (group) each host hangs off: the only view of the topology the traffic layer
 * needs. Hosts are 0..hostCount-1, groups 0..groupCount-1; every group has at least one host.
 * Patterns such as {@link WorstPermutation} use the groups as the input/output switches of the
 * Clos network (seed 001 §II, §V-A).
 *
 * <p>{@code groupOf} is not copied: it must not be mutated after construction.
 *
 * @param hostCount number of hosts N (at least 1)
 * @param groupOf   {@code groupOf[h]} = group of host h
 */
public record HostGroups(int hostCount, int[] groupOf) {

    public HostGroups {
        if (hostCount < 1) {
            throw new InputException("host groups: the network must have at least 1 host (got " + hostCount + ")");
        }
        if (groupOf == null || groupOf.length != hostCount) {
            throw new InputException("host groups: " + hostCount + " hosts but "
                    + (groupOf == null ? "no" : String.valueOf(groupOf.length)) + " group entries");
        }
        int max = -1;
        for (int h = 0; h < hostCount; h++) {
            if (groupOf[h] < 0 || groupOf[h] >= hostCount) {
                throw new InputException("host groups: host " + h + " is in group " + groupOf[h]
                        + " (groups must be numbered 0.." + (hostCount - 1) + " at most)");
            }
            max = Math.max(max, groupOf[h]);
        }
        int[] sizes = sizes(groupOf, max + 1);
        for (int g = 0; g < sizes.length; g++) {
            if (sizes[g] == 0) {
                throw new InputException("host groups: group " + g + " has no hosts (groups must be numbered 0.."
                        + max + " without gaps)");
            }
        }
    }

    /**
     * The leaf switches of a topology as groups: hosts on the same switch share a group; groups are
     * numbered in order of their first host.
     */
    public static HostGroups of(Topology topology) {
        int n = topology.hostCount();
        int[] groupOfSwitch = new int[topology.switchCount()];
        Arrays.fill(groupOfSwitch, -1);
        int[] groupOf = new int[n];
        int groups = 0;
        for (int h = 0; h < n; h++) {
            int s = topology.switchIndex(topology.leafOf(h));
            if (groupOfSwitch[s] < 0) {
                groupOfSwitch[s] = groups++;
            }
            groupOf[h] = groupOfSwitch[s];
        }
        return new HostGroups(n, groupOf);
    }

    /** {@code groupCount} leaf switches of {@code groupSize} hosts each; host h is in group h / groupSize. */
    public static HostGroups contiguous(int groupCount, int groupSize) {
        if (groupCount < 1) {
            throw new InputException("host groups: the group count must be at least 1 (got " + groupCount + ")");
        }
        if (groupSize < 1) {
            throw new InputException("host groups: the group size must be at least 1 (got " + groupSize + ")");
        }
        long n = (long) groupCount * groupSize;
        if (n > Integer.MAX_VALUE - 8) {
            throw new InputException("host groups: " + groupCount + " groups of " + groupSize + " hosts are too many");
        }
        int[] groupOf = new int[(int) n];
        for (int h = 0; h < groupOf.length; h++) {
            groupOf[h] = h / groupSize;
        }
        return new HostGroups(groupOf.length, groupOf);
    }

    public int groupCount() {
        int max = -1;
        for (int g : groupOf) {
            max = Math.max(max, g);
        }
        return max + 1;
    }

    /** The hosts of {@code group}, ascending. */
    public int[] hostsOf(int group) {
        if (group < 0 || group >= groupCount()) {
            throw new IllegalArgumentException("no group " + group + " (there are " + groupCount() + ")");
        }
        int count = 0;
        for (int g : groupOf) {
            if (g == group) {
                count++;
            }
        }
        int[] hosts = new int[count];
        int k = 0;
        for (int h = 0; h < hostCount; h++) {
            if (groupOf[h] == group) {
                hosts[k++] = h;
            }
        }
        return hosts;
    }

    /** The hosts of every group, each ascending; O(N) for all groups at once. */
    int[][] members() {
        int[] sizes = sizes(groupOf, groupCount());
        int[][] members = new int[sizes.length][];
        for (int g = 0; g < sizes.length; g++) {
            members[g] = new int[sizes[g]];
        }
        int[] fill = new int[sizes.length];
        for (int h = 0; h < hostCount; h++) {
            int g = groupOf[h];
            members[g][fill[g]++] = h;
        }
        return members;
    }

    private static int[] sizes(int[] groupOf, int groupCount) {
        int[] sizes = new int[groupCount];
        for (int g : groupOf) {
            sizes[g]++;
        }
        return sizes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HostGroups other && hostCount == other.hostCount && Arrays.equals(groupOf, other.groupOf);
    }

    @Override
    public int hashCode() {
        return 31 * hostCount + Arrays.hashCode(groupOf);
    }

    @Override
    public String toString() {
        return "HostGroups[hostCount=" + hostCount + ", groupCount=" + groupCount() + "]";
    }
}
