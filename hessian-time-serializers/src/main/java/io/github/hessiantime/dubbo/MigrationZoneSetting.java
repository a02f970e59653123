package io.github.hessiantime.dubbo;

import io.github.hessiantime.hessian.inline.TimeMigration;
import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.time.DateTimeException;
import java.time.ZoneId;

/**
 * The zone in which {@code hessian2-time} converts a DTO field's value between a moment ({@code Date},
 * {@code Instant}, ...) and a local date-time when writer and reader declare the field differently
 * ({@link TimeMigration}): the Dubbo property {@value #KEY}, an IANA zone id ({@code Asia/Shanghai}) or
 * {@code system} for the JVM's default zone. Read from Dubbo's configuration of the framework's application (JVM
 * system properties, environment, {@code dubbo.properties}, ...) when the first {@code hessian2-time} factory is made;
 * unset, the conversions that need a zone fail naming it. A value that is no zone logs one warning, and those
 * conversions fail naming it too.
 */
final class MigrationZoneSetting {
    static final String KEY = "dubbo.application.hessian2-time.zone";
    private static final String SETTING = "the Dubbo property " + KEY + ": an IANA zone id, or system";

    private MigrationZoneSetting() {
    }

    static TimeMigration read(FrameworkModel framework) {
        return parse(ConfigurationUtils.getProperty(framework.defaultApplication(), KEY));
    }

    static TimeMigration parse(String value) {
        if (value == null || value.trim().isEmpty()) {
            return TimeMigration.of(null, SETTING);
        }
        String id = value.trim();
        try {
            return TimeMigration.of("system".equals(id) ? ZoneId.systemDefault() : ZoneId.of(id), SETTING);
        } catch (DateTimeException e) {
            String problem = "'" + id + "' is not a zone (" + e.getMessage() + ")";
            LoggerFactory.getLogger(MigrationZoneSetting.class).warn(KEY + ": " + problem + "; hessian2-time converts "
                    + "no DTO field between a moment and a local date-time until it is set right");
            return TimeMigration.invalidZone(SETTING, problem);
        }
    }
}
