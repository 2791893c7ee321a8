/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

/**
 * An option with a value the method cannot take, or data the method cannot
 * use: the one form in which {@code RankingReduction} refuses, so that a
 * caller (the Python bridge) can name the option in its own words.
 *
 * <p>The message reads "option value: reason" ({@code -I 0: must be >= 1}),
 * or the reason alone for data without a guilty option.
 */
public class OptionException extends IllegalArgumentException {

  private static final long serialVersionUID = -6012573342259163419L;

  private final String m_Flag;
  private final String m_Value;
  private final String m_Reason;

  /**
   * @param flag the option, as on the command line ({@code -I}), or null for the data
   * @param value the value refused, as on the command line
   * @param reason what the option takes instead, or what is wrong with the data
   */
  public OptionException(String flag, String value, String reason) {
    super(flag == null ? reason : flag + " " + value + ": " + reason);
    m_Flag = flag;
    m_Value = value;
    m_Reason = reason;
  }

  /**
   * Data the method cannot use, whatever the options.
   *
   * @param reason what is wrong with the data
   * @return the exception
   */
  public static OptionException ofData(String reason) {
    return new OptionException(null, null, reason);
  }

  /**
   * The option refused.
   *
   * @return the flag ({@code -I}), or null when the data is at fault
   */
  public String getFlag() {
    return m_Flag;
  }

  /**
   * The value refused.
   *
   * @return the value as on the command line, or null when the data is at fault
   */
  public String getValue() {
    return m_Value;
  }

  /**
   * Why the option or the data is refused.
   *
   * @return what the option takes instead, or what is wrong with the data
   */
  public String getReason() {
    return m_Reason;
  }
}
