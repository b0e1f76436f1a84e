package org.fabricsim.engine.distributed;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import org.fabricsim.InputException;

/**
 * A member reachable from other machines speaks TLS (docs/DISTRIBUTED.md, "Security"): without it, anyone who
 * can reach the port could join the cluster and read or forge the model's messages. Loopback addresses are
 * reachable from this machine only, so they may go without; any other address needs TLS or an explicit
 * insecure switch, which is announced at every start.
 */
public final class OpenPortRule {
    private OpenPortRule() {
    }

    /**
     * Checks {@code host} for a member with or without TLS.
     *
     * @param hostSetting and {@code tlsSetting}, {@code insecureSetting}: how the user names them (key or option)
     * @return the warning to print when the insecure switch lets a plain-TCP member listen beyond loopback
     * @throws InputException when a non-loopback address goes without TLS and without the insecure switch
     */
    public static Optional<String> check(String host, boolean tls, boolean insecure, String hostSetting,
            String tlsSetting, String insecureSetting) {
        if (tls || isLoopback(host, hostSetting)) {
            return Optional.empty();
        }
        if (!insecure) {
            throw new InputException(hostSetting + " = " + host + " is reachable from other machines: enable TLS ("
                    + tlsSetting + ", keys from 'fabricsim cluster-keys DIR'; docs/DISTRIBUTED.md, \"Security\") or"
                    + " set " + insecureSetting + " to run without it");
        }
        return Optional.of("WARNING: the cluster member at " + host + " runs without TLS (" + insecureSetting
                + "): any process that reaches its port can join the run and read or change its messages");
    }

    private static boolean isLoopback(String host, String setting) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            throw new InputException(setting + ": unknown host '" + host + "'");
        }
    }
}
