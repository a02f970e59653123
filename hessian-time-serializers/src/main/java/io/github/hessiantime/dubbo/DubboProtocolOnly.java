package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps {@code hessian2-time} out of what every protocol but {@code dubbo} advertises or uses (one per framework, a
 * bean of its {@code FrameworkModel}; used by {@link Hessian2TimeProtocolWrapper}).
 *
 * <p>Only the dubbo protocol negotiates: its consumer takes the first {@code prefer.serialization} name it has an
 * extension for. Triple (and any other protocol) takes the first name without that check, so a provider-wide or
 * per-service {@code prefer-serialization=hessian2-time,...} would make every Triple consumer without hessian-time
 * fail. So on any URL whose protocol is not {@code dubbo}, {@code hessian2-time} is removed from
 * {@code prefer.serialization} (and from its per-method forms, {@code <method>.prefer.serialization}); when nothing is
 * left the parameter goes, and {@code serialization} applies, as without the setting. A provider logs one warning per
 * protocol and service, naming the setting.
 */
public final class DubboProtocolOnly {

    static final String PREFER_KEY = "prefer.serialization";
    private static final String METHOD_PREFER_SUFFIX = "." + PREFER_KEY;

    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    /** Whether {@code url} (a service URL, not a registry URL) may carry hessian2-time. */
    static boolean mayCarry(URL url) {
        String protocol = url.getProtocol();
        return protocol == null || "dubbo".equals(protocol) || "injvm".equals(protocol);
    }

    /** {@code url} without hessian2-time in its prefer lists, or {@code url} itself when it has none to remove. */
    URL withoutHessian2Time(URL url, boolean provider) {
        if (url == null || mayCarry(url)) {
            return url;
        }
        URL result = url;
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> parameter : url.getParameters().entrySet()) {
            String key = parameter.getKey();
            if (!key.equals(PREFER_KEY) && !key.endsWith(METHOD_PREFER_SUFFIX)) {
                continue;
            }
            String kept = without(parameter.getValue());
            if (kept.equals(parameter.getValue())) {
                continue;
            }
            changed.add(key + "=" + parameter.getValue());
            result = kept.isEmpty() ? result.removeParameter(key) : result.addParameter(key, kept);
        }
        if (!changed.isEmpty() && provider && warned.add(url.getProtocol() + "://" + url.getServiceKey())) {
            LoggerFactory.getLogger(DubboProtocolOnly.class).warn("hessian2-time is offered on the dubbo protocol "
                    + "only: removed it from " + changed + " of the " + url.getProtocol() + " export of "
                    + url.getServiceKey() + ", whose consumers would use it without checking that they have it. Set "
                    + "prefer-serialization=hessian2-time,hessian2 on the dubbo protocol only (e.g. "
                    + "dubbo.protocols.dubbo.prefer-serialization), not provider-wide, per service or per method.");
        }
        return result;
    }

    /** The comma-separated {@code list} without hessian2-time, spaces trimmed; "" when nothing is left. */
    static String without(String list) {
        if (list == null || !list.contains(Hessian2TimeSerialization.NAME)) {
            return list == null ? "" : list;
        }
        StringBuilder kept = new StringBuilder();
        for (String name : list.split(",")) {
            String trimmed = name.trim();
            if (!trimmed.isEmpty() && !trimmed.equals(Hessian2TimeSerialization.NAME)) {
                kept.append(kept.length() == 0 ? "" : ",").append(trimmed);
            }
        }
        return kept.toString();
    }
}
