package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Whether {@code hessian2-time} reuses its output streams between messages ({@code hessian.ser.Hessian2OutputPool}):
 * the Dubbo property {@value #KEY}, {@code true} (the default) or {@code false}, for diagnosis: {@code false} gives
 * every message a new stream, as before reuse existed. Read from Dubbo's configuration of the framework's application
 * (JVM system properties, environment, {@code dubbo.properties}, ...) when the framework's first {@code hessian2-time}
 * factory is made, like {@link MigrationZoneSetting}. Any other value logs one warning and keeps the default.
 */
final class StreamReuseSetting {
    static final String KEY = "dubbo.application.hessian2-time.reuse";

    private StreamReuseSetting() {
    }

    static boolean read(FrameworkModel framework) {
        return parse(ConfigurationUtils.getProperty(framework.defaultApplication(), KEY));
    }

    static boolean parse(String value) {
        String setting = value == null ? "" : value.trim();
        if (setting.isEmpty() || "true".equalsIgnoreCase(setting)) {
            return true;
        }
        if ("false".equalsIgnoreCase(setting)) {
            return false;
        }
        LoggerFactory.getLogger(StreamReuseSetting.class).warn(KEY + ": '" + setting
                + "' is neither true nor false; hessian2-time keeps reusing its streams");
        return true;
    }
}
