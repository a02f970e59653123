package io.github.hessiantime.demo;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** {@code --name=value} and {@code --flag} command-line options; anything not in the allowed set is an error. */
public final class Arguments {

    private final Map<String, String> values = new LinkedHashMap<>();

    public Arguments(String[] args, Set<String> allowed) {
        for (String arg : args) {
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "' (options look like --name=value)");
            }
            int equals = arg.indexOf('=');
            String name = equals < 0 ? arg.substring(2) : arg.substring(2, equals);
            if (!allowed.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name + "; known: --" + String.join(", --", allowed));
            }
            values.put(name, equals < 0 ? "" : arg.substring(equals + 1));
        }
    }

    public String value(String name, String defaultValue) {
        String value = values.get(name);
        return value == null || value.isEmpty() ? defaultValue : value;
    }

    public boolean flag(String name) {
        return values.containsKey(name);
    }
}
