/** Brand constants shared by the theme, the logo, the footer and the error screens. */
export const brand = {
  name: 'Splitline',
  company: 'Splitline Performance',
  /** Electric blue: white text on it reaches 5.8:1 (track orange #F26B1D only 3.0:1). */
  primaryColor: '#1F4FFF',
  supportEmail: 'support@splitline.app',
} as const;
